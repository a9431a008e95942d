define dllexport void @odd(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v18 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v19 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %v20 = icmp slt <8 x i32> %v18, %v19
  %v21 = call <12 x i1> @llvm.genx.wrpredregion.v12i1.v12i1.v8i1(<12 x i1> undef, <8 x i1> %v20, i32 0)
  %v22 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v23 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 4, i32 1, i16 48, i32 undef)
  %v24 = icmp slt <4 x i32> %v22, %v23
  %v25 = call <12 x i1> @llvm.genx.wrpredregion.v12i1.v12i1.v4i1(<12 x i1> %v21, <4 x i1> %v24, i32 8)
  %v30 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v31 = call <3 x i32> @llvm.genx.wrregioni.v3i32.v1i32.i16.i1(<3 x i32> undef, <1 x i32> %v30, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v32 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 20, i32 undef)
  %v33 = call <3 x i32> @llvm.genx.wrregioni.v3i32.v1i32.i16.i1(<3 x i32> %v31, <1 x i32> %v32, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %v34 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 40, i32 undef)
  %v35 = call <3 x i32> @llvm.genx.wrregioni.v3i32.v1i32.i16.i1(<3 x i32> %v33, <1 x i32> %v34, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v36 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 2, i32 1, i16 4, i32 undef)
  %v37 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v3i32.i16(<3 x i32> %v35, i32 0, i32 2, i32 1, i16 0, i32 undef)
  %v38 = icmp ugt <2 x i32> %v36, %v37
  %v39 = call <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v2i1(<3 x i1> undef, <2 x i1> %v38, i32 0)
  %v40 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v41 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v3i32.i16(<3 x i32> %v35, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v42 = icmp ugt <1 x i32> %v40, %v41
  %v43 = call <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v1i1(<3 x i1> %v39, <1 x i1> %v42, i32 2)
  %v44 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v12i1(<12 x i1> %v25, i32 0)
  %v45 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v46 = select <8 x i1> %v44, <8 x i32> %v45, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v47 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v2, <8 x i32> %v46, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v48 = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v12i1(<12 x i1> %v25, i32 8)
  %v49 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v47, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v50 = select <4 x i1> %v48, <4 x i32> %v49, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %v51 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v47, <4 x i32> %v50, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %v52 = call <2 x i1> @llvm.genx.rdpredregion.v2i1.v3i1(<3 x i1> %v43, i32 0)
  %v53 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 2, i32 1, i16 4, i32 undef)
  %v54 = select <2 x i1> %v52, <2 x i32> %v53, <2 x i32> <i32 0, i32 0>
  %v55 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32> %v51, <2 x i32> %v54, i32 0, i32 2, i32 1, i16 48, i32 undef, i1 true)
  %v56 = call <1 x i1> @llvm.genx.rdpredregion.v1i1.v3i1(<3 x i1> %v43, i32 2)
  %v57 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v58 = select <1 x i1> %v56, <1 x i32> %v57, <1 x i32> <i32 0>
  %v59 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v1i32.i16.i1(<16 x i32> %v55, <1 x i32> %v58, i32 0, i32 1, i32 1, i16 56, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %arg1, i32 %v1, <16 x i32> %v59)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <1 x i1> @llvm.genx.rdpredregion.v1i1.v3i1(<3 x i1>, i32)
declare <2 x i1> @llvm.genx.rdpredregion.v2i1.v3i1(<3 x i1>, i32)
declare <4 x i1> @llvm.genx.rdpredregion.v4i1.v12i1(<12 x i1>, i32)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v12i1(<12 x i1>, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v3i32.i16(<3 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v3i32.i16(<3 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <12 x i1> @llvm.genx.wrpredregion.v12i1.v12i1.v4i1(<12 x i1>, <4 x i1>, i32)
declare <12 x i1> @llvm.genx.wrpredregion.v12i1.v12i1.v8i1(<12 x i1>, <8 x i1>, i32)
declare <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v1i1(<3 x i1>, <1 x i1>, i32)
declare <3 x i1> @llvm.genx.wrpredregion.v3i1.v3i1.v2i1(<3 x i1>, <2 x i1>, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v1i32.i16.i1(<16 x i32>, <1 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <3 x i32> @llvm.genx.wrregioni.v3i32.v1i32.i16.i1(<3 x i32>, <1 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @odd, !"odd", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
