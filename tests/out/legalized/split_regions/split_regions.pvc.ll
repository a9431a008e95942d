define dllexport void @split_regions(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v32 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v0, i32 8, i32 4, i32 1, i16 4, i32 undef)
  %v33 = fmul <8 x float> %v32, %v32
  %v34 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v0, <8 x float> %v33, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v35 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v34, i32 8, i32 4, i32 1, i16 68, i32 undef)
  %v36 = fmul <8 x float> %v35, %v35
  %v37 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v34, <8 x float> %v36, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v38 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v37, i32 0, i32 4, i32 1, i16 36, i32 undef)
  %v39 = fmul <4 x float> %v38, <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v40 = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> %v37, <4 x float> %v39, i32 0, i32 4, i32 1, i16 12, i32 undef, i1 true)
  %v41 = call <2 x float> @llvm.genx.rdregionf.v2f32.v32f32.i16(<32 x float> %v40, i32 0, i32 2, i32 1, i16 52, i32 undef)
  %v42 = fmul <2 x float> %v41, <float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v43 = call <32 x float> @llvm.genx.wrregionf.v32f32.v2f32.i16.i1(<32 x float> %v40, <2 x float> %v42, i32 0, i32 2, i32 1, i16 28, i32 undef, i1 true)
  %v44 = call <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float> %v43, i32 0, i32 1, i32 1, i16 60, i32 undef)
  %v45 = fmul <1 x float> %v44, <float 0x3FE0000000000000>
  %v46 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v43, <1 x float> %v45, i32 0, i32 1, i32 1, i16 36, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg3, i32 0, <32 x float> %v46)
  %v8 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 0)
  %v9 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 8)
  %v10 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 16)
  %v11 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 24)
  %v26 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v8, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v27 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %v26, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v28 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v9, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v12 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %v27, <32 x i32> %v28, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v47 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v48 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v10, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v49 = add <32 x i32> %v47, %v48
  %v50 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %v49, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v51 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v52 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v11, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v53 = add <32 x i32> %v51, %v52
  %v54 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %v50, <32 x i32> %v53, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v55 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v56 = shl <1 x i32> %v55, <i32 1>
  %v57 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v54, <1 x i32> %v56, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %v58 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 20, i32 undef)
  %v59 = shl <1 x i32> %v58, <i32 1>
  %v60 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v57, <1 x i32> %v59, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  %v61 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 32, i32 undef)
  %v62 = shl <1 x i32> %v61, <i32 1>
  %v63 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v60, <1 x i32> %v62, i32 0, i32 1, i32 1, i16 20, i32 undef, i1 true)
  %v64 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 44, i32 undef)
  %v65 = shl <1 x i32> %v64, <i32 1>
  %v66 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v63, <1 x i32> %v65, i32 0, i32 1, i32 1, i16 28, i32 undef, i1 true)
  %v67 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 56, i32 undef)
  %v68 = shl <1 x i32> %v67, <i32 1>
  %v69 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v66, <1 x i32> %v68, i32 0, i32 1, i32 1, i16 36, i32 undef, i1 true)
  %v70 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 68, i32 undef)
  %v71 = shl <1 x i32> %v70, <i32 1>
  %v72 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v69, <1 x i32> %v71, i32 0, i32 1, i32 1, i16 44, i32 undef, i1 true)
  %v73 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 80, i32 undef)
  %v74 = shl <1 x i32> %v73, <i32 1>
  %v75 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v72, <1 x i32> %v74, i32 0, i32 1, i32 1, i16 52, i32 undef, i1 true)
  %v76 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 92, i32 undef)
  %v77 = shl <1 x i32> %v76, <i32 1>
  %v78 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v75, <1 x i32> %v77, i32 0, i32 1, i32 1, i16 60, i32 undef, i1 true)
  %v79 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 104, i32 undef)
  %v80 = shl <1 x i32> %v79, <i32 1>
  %v81 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v78, <1 x i32> %v80, i32 0, i32 1, i32 1, i16 68, i32 undef, i1 true)
  %v82 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 116, i32 undef)
  %v83 = shl <1 x i32> %v82, <i32 1>
  %v84 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v81, <1 x i32> %v83, i32 0, i32 1, i32 1, i16 76, i32 undef, i1 true)
  %v85 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 128, i32 undef)
  %v86 = shl <1 x i32> %v85, <i32 1>
  %v87 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v84, <1 x i32> %v86, i32 0, i32 1, i32 1, i16 84, i32 undef, i1 true)
  %v88 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 140, i32 undef)
  %v89 = shl <1 x i32> %v88, <i32 1>
  %v90 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v87, <1 x i32> %v89, i32 0, i32 1, i32 1, i16 92, i32 undef, i1 true)
  %v91 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v12, i32 0, i32 1, i32 1, i16 152, i32 undef)
  %v92 = shl <1 x i32> %v91, <i32 1>
  %v93 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v90, <1 x i32> %v92, i32 0, i32 1, i32 1, i16 100, i32 undef, i1 true)
  %v18 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v93, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v19 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v93, i32 0, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32i32(i32 %arg3, i32 8, <32 x i32> %v18)
  call void @llvm.genx.oword.st.v32i32(i32 %arg3, i32 16, <32 x i32> %v19)
  %v22 = call <64 x i16> @llvm.genx.oword.ld.v64i16(i32 0, i32 %arg2, i32 0)
  %v23 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v22, i32 16, i32 8, i32 1, i16 2, i32 undef)
  %v24 = xor <32 x i16> %v23, <i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255>
  call void @llvm.genx.oword.st.v32i16(i32 %arg3, i32 32, <32 x i16> %v24)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare <64 x i16> @llvm.genx.oword.ld.v64i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <2 x float> @llvm.genx.rdregionf.v2f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float>, <1 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v2f32.i16.i1(<32 x float>, <2 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32>, <1 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @split_regions, !"split_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136, i32 140}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
