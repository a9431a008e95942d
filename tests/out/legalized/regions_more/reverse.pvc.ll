define dllexport void @reverse(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v5 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 60, i32 undef)
  %v6 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %v5, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v7 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 56, i32 undef)
  %v8 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v6, i32 %v7, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %v9 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 52, i32 undef)
  %v10 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v8, i32 %v9, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v11 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 48, i32 undef)
  %v12 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v10, i32 %v11, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  %v13 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 44, i32 undef)
  %v14 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v12, i32 %v13, i32 0, i32 1, i32 1, i16 16, i32 undef, i1 true)
  %v15 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 40, i32 undef)
  %v16 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v14, i32 %v15, i32 0, i32 1, i32 1, i16 20, i32 undef, i1 true)
  %v17 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 36, i32 undef)
  %v18 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v16, i32 %v17, i32 0, i32 1, i32 1, i16 24, i32 undef, i1 true)
  %v19 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 32, i32 undef)
  %v20 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v18, i32 %v19, i32 0, i32 1, i32 1, i16 28, i32 undef, i1 true)
  %v21 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 28, i32 undef)
  %v22 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v20, i32 %v21, i32 0, i32 1, i32 1, i16 32, i32 undef, i1 true)
  %v23 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 24, i32 undef)
  %v24 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v22, i32 %v23, i32 0, i32 1, i32 1, i16 36, i32 undef, i1 true)
  %v25 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 20, i32 undef)
  %v26 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v24, i32 %v25, i32 0, i32 1, i32 1, i16 40, i32 undef, i1 true)
  %v27 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 16, i32 undef)
  %v28 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v26, i32 %v27, i32 0, i32 1, i32 1, i16 44, i32 undef, i1 true)
  %v29 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v30 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v28, i32 %v29, i32 0, i32 1, i32 1, i16 48, i32 undef, i1 true)
  %v31 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v32 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v30, i32 %v31, i32 0, i32 1, i32 1, i16 52, i32 undef, i1 true)
  %v33 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 4, i32 undef)
  %v34 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v32, i32 %v33, i32 0, i32 1, i32 1, i16 56, i32 undef, i1 true)
  %v35 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v34, i32 %v35, i32 0, i32 1, i32 1, i16 60, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @reverse, !"reverse", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
