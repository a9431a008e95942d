define dllexport void @shared_div32(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 8)
  %v24 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v25 = or <16 x i32> %v24, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v26 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v25, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v28 = or <16 x i32> %v27, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v29 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v26, <16 x i32> %v28, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v30 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v32 = udiv <16 x i32> %v30, %v31
  %v34 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v36 = udiv <16 x i32> %v34, %v35
  %v38 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v39 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v40 = urem <16 x i32> %v38, %v39
  %v42 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v43 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v44 = urem <16 x i32> %v42, %v43
  %v47 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v48 = srem <16 x i32> %v32, %v47
  %v51 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v52 = srem <16 x i32> %v36, %v51
  %v56 = add <16 x i32> %v40, %v48
  %v57 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v56, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v60 = add <16 x i32> %v44, %v52
  %v61 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v57, <16 x i32> %v60, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 16, <32 x i32> %v61)
  %v8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v9 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v10 = sdiv <8 x i32> %v8, %v9
  %v11 = or i32 %arg1, 1
  %v12 = udiv i32 %arg1, %v11
  %v13 = srem i32 %arg1, -7
  %v14 = add i32 %v12, %v13
  %v15 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v14, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v16 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v15, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v17 = add <8 x i32> %v10, %v16
  %v18 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v61, <8 x i32> %v17, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v19 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v20 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v21 = call <16 x i32> @bucket(<16 x i32> %v19, <16 x i32> %v20)
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 24, <32 x i32> %v18)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 32, <16 x i32> %v21)
  ret void
}

define internal <16 x i32> @bucket(<16 x i32> %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = sdiv <16 x i32> %arg0, %arg1
  %v1 = add <16 x i32> %v0, %arg1
  ret <16 x i32> %v1
}

declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @shared_div32, !"shared_div32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
