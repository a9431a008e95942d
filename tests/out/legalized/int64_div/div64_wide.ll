define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v9 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v10 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v11 = udiv <8 x i64> %v9, %v10
  %v12 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v11, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v13 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v14 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v15 = udiv <8 x i64> %v13, %v14
  %v16 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v12, <8 x i64> %v15, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v17 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v18 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v19 = srem <8 x i64> %v17, %v18
  %v20 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v19, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v22 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v23 = srem <8 x i64> %v21, %v22
  %v24 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v20, <8 x i64> %v23, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v25 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 4, i32 2, i16 8, i32 undef)
  %v26 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v27 = sdiv <4 x i64> %v25, %v26
  %v28 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v27, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v29 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 4, i32 2, i16 72, i32 undef)
  %v30 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v31 = sdiv <4 x i64> %v29, %v30
  %v32 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> %v28, <4 x i64> %v31, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v24)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v32)
  ret void
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_wide, !"div64_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
